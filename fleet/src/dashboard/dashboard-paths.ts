// The dashboard's own paths beside the organization's page (dashboardPath, where the OIDC callback lands).
import { dashboardPath } from '../routes/oidc-login';

export const signOutPath = (orgId: string): string => `${dashboardPath(orgId)}sign-out`;
export const signedOutPath = (orgId: string): string => `${dashboardPath(orgId)}signed-out`;

/** The script and the style sheet, served from files (CSP: script-src and style-src 'self'). */
export const ASSETS = { js: '/dashboard-assets/dashboard.js', css: '/dashboard-assets/dashboard.css' } as const;
