// Sign-in on a machine with no browser (`ssg auth login --sso --device`), where the provider offers the device
// authorization grant (RFC 8628): the fleet starts it and redeems it (it holds the client secret), the person
// enters the code on another device, and this polls the fleet at the provider's interval, slowing down when told.
import { type DeviceAuthorization, FleetRequestError, type FleetClient, type SsoTokens } from './fleet-client';
import type { SsoSettings } from './fleet-settings';
import { SsoLoginError } from './login-error';

export interface UserCode {
  userCode: string;
  verificationUri: string;
  verificationUriComplete: string | null;
}

export interface DeviceLoginOptions {
  fleet: FleetClient;
  /** Show the code and where to enter it. */
  onUserCode: (code: UserCode) => void;
  signal?: AbortSignal;
  /** Waits `ms`; rejects when the signal aborts. Tests pass one that does not wait. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** RFC 8628 §3.5: each slow_down adds five seconds to the interval. */
const SLOW_DOWN_SECONDS = 5;

export async function loginWithDeviceCode(
  settings: Pick<SsoSettings, 'issuer' | 'clientId' | 'orgId'>,
  { fleet, onUserCode, signal, sleep = abortableSleep }: DeviceLoginOptions,
): Promise<SsoTokens> {
  let authorization: DeviceAuthorization;
  try {
    authorization = await fleet.startDeviceAuthorization(settings);
  } catch (error) {
    if (error instanceof FleetRequestError && error.error === 'device_flow_unsupported') {
      throw new SsoLoginError('device-unsupported', error.message);
    }
    throw error;
  }
  onUserCode({
    userCode: authorization.userCode,
    verificationUri: authorization.verificationUri,
    verificationUriComplete: authorization.verificationUriComplete,
  });
  let interval = Math.max(1, authorization.interval);
  // Counted in the seconds waited, so an injected sleep needs no clock.
  let waited = 0;
  while (waited < authorization.expiresIn) {
    try {
      await sleep(interval * 1000, signal);
    } catch {
      throw new SsoLoginError('aborted', 'the sign-in was stopped');
    }
    waited += interval;
    try {
      return await fleet.pollDeviceCode(settings, authorization.deviceCode);
    } catch (error) {
      if (!(error instanceof FleetRequestError)) throw error;
      if (error.error === 'authorization_pending') continue;
      if (error.error === 'slow_down') {
        interval += SLOW_DOWN_SECONDS;
        continue;
      }
      if (error.error === 'access_denied') {
        throw new SsoLoginError('cancelled', 'the sign-in was cancelled at the identity provider');
      }
      if (error.error === 'expired_token') throw expired();
      throw error;
    }
  }
  throw expired();
}

const expired = (): SsoLoginError =>
  new SsoLoginError('timeout', 'the code expired before the sign-in was finished; run the sign-in again');

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
