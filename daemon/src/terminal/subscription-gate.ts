// The multi-account terminal is the paid part of ssg (spec: 5 USD a month); downloading and everything else stay
// free. Every terminal route and the pane socket ask this first: without an active license that unlocks the
// terminal the answer is a 402 that says what is missing and how to get it. The license is read on every call (a
// fraction of a millisecond), so buying, renewing or expiring takes effect at once.
import { activeLicense } from '@ssg/node/license/active-license';
import { LicenseError, licenseAllows } from '@ssg/node/license/license-token';
import { HttpError } from '../server/http-error';

export const TERMINAL_FEATURE = 'terminal';

const HOW_TO_GET_ONE =
  'the multi-account terminal needs an ssg subscription (5 USD a month); sign in with `ssg auth login` or put ' +
  'your license in ~/.ssg/license.jwt';

/** Throws a 402 HttpError when this machine's license does not unlock the terminal. */
export async function requireTerminalSubscription(home: string, now = Date.now() / 1000): Promise<void> {
  let license;
  try {
    license = await activeLicense({ home, now });
  } catch (error) {
    if (!(error instanceof LicenseError)) throw error;
    throw new HttpError(402, `${HOW_TO_GET_ONE} (${error.message})`);
  }
  if (!licenseAllows(license, TERMINAL_FEATURE)) {
    throw new HttpError(402, `${HOW_TO_GET_ONE} (the ${license.tier} license does not include the terminal)`);
  }
}
