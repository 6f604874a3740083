// The dashboard's fleet sign-in (the Fleet page, the desktop app's fleet window): the daemon's paths, and the types
// from schemas/fleet-sign-in.ts. Loads no schema library.
export const FLEET_STATUS_PATH = '/api/fleet/status';
/** POST starts a login, GET tells how it is doing, DELETE cancels it. */
export const FLEET_LOGIN_PATH = '/api/fleet/login';
export const FLEET_LOGOUT_PATH = '/api/fleet/logout';
export const FLEET_REFRESH_PATH = '/api/fleet/refresh';

/** The organization's dashboard on its fleet. */
export const fleetDashboardUrl = (fleetUrl: string, orgId: string): string =>
  `${fleetUrl.replace(/\/+$/, '')}/orgs/${encodeURIComponent(orgId)}/`;

export type {
  FleetLicence,
  FleetLoginProgress,
  FleetLoginRequest,
  FleetLoginStarted,
  FleetLoginState,
  FleetRefreshResult,
  FleetStatus,
} from './schemas/fleet-sign-in';
