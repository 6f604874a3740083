// `ssg hook opencode`: the verdict for ssg's OpenCode plugin (resources/plugins/opencode/ssg-governance.js),
// which sends the envelope described in adapters/opencode.ts and throws to stop the call. OpenCode enforcement
// is a licensed feature and fails closed (spec): without an active license that includes it every call is
// blocked, and a call that cannot be evaluated is blocked too. Always exits 0 with one JSON line, so the plugin
// can tell ssg's verdict from ssg failing to run.
import { formatOpencodeNotice, formatOpencodeOutput, parseOpencodeEnvelope } from './adapter';
import { activeLicense, licensePath } from '@ssg/node/license/active-license';
import { licenseAllows, LicenseError } from '@ssg/node/license/license-token';
import type { HookOutput } from '../claude-code/hook';
import {
  defaultHostHookContext,
  type HostHookContext,
  problemOf,
  rejectArguments,
  runHostHook,
} from '../hook/host-hook';

/** The feature a license's `features` claim must list for this hook (see license/license-token.ts). */
export const OPENCODE_FEATURE = 'opencode';

export function runHookOpencode(argv: readonly string[], context = defaultHostHookContext()): Promise<HookOutput> {
  return runHostHook(
    {
      name: 'opencode',
      parse: async (raw) => {
        rejectArguments(argv, 'ssg hook opencode');
        await requireLicense(context);
        return parseOpencodeEnvelope(raw);
      },
      format: formatOpencodeOutput,
      notice: formatOpencodeNotice,
      askSupported: false,
      honoursFailClosed: true,
      onFailure: (error) => ({
        stdout: JSON.stringify({ decision: 'block', reason: blockReason(error, context) }),
        outcome: 'blocked (OpenCode enforcement fails closed)',
      }),
    },
    context,
  );
}

async function requireLicense(context: HostHookContext): Promise<void> {
  const license = await activeLicense(context);
  if (!licenseAllows(license, OPENCODE_FEATURE)) {
    throw new LicenseError(`the license (tier ${license.tier}) does not include OpenCode enforcement`);
  }
}

function blockReason(error: unknown, { home }: HostHookContext): string {
  if (error instanceof LicenseError) {
    return (
      `ssg blocked this: OpenCode enforcement needs an active ssg license, and ${problemOf(error)}. ` +
      `A license comes with an ssg subscription: sign in with ssg auth login --sso (ssg auth refresh renews it), ` +
      `or save its token to ${licensePath(home)} (chmod 600).`
    );
  }
  return `ssg blocked this: the call could not be evaluated (${problemOf(error)}), and OpenCode enforcement fails closed.`;
}
