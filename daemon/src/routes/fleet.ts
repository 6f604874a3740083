// The dashboard's fleet sign-in (/api/fleet/…): a person's (the admin credential or a dashboard session), like
// the terminal's routes. The hooks' credential, which agents can read, may neither sign this machine in or out
// nor learn who is signed in. The work is in ../fleet/fleet-sign-in.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  FLEET_LOGIN_PATH,
  FLEET_LOGOUT_PATH,
  FLEET_REFRESH_PATH,
  FLEET_STATUS_PATH,
} from '@ssg/contracts/fleet-sign-in';
import { DAEMON_ROUTES } from '@ssg/contracts/schemas/routes';
import type { FleetSignIn } from '../fleet/fleet-sign-in';

export const fleetRoutes =
  (signIn: FleetSignIn): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(FLEET_STATUS_PATH, { schema: DAEMON_ROUTES[`GET ${FLEET_STATUS_PATH}`].schema }, () => signIn.status());
    app.post(FLEET_LOGIN_PATH, { schema: DAEMON_ROUTES[`POST ${FLEET_LOGIN_PATH}`].schema }, (request) =>
      signIn.start(request.body),
    );
    app.get(FLEET_LOGIN_PATH, { schema: DAEMON_ROUTES[`GET ${FLEET_LOGIN_PATH}`].schema }, () => signIn.progress());
    app.delete(FLEET_LOGIN_PATH, { schema: DAEMON_ROUTES[`DELETE ${FLEET_LOGIN_PATH}`].schema }, () => signIn.cancel());
    app.post(FLEET_LOGOUT_PATH, { schema: DAEMON_ROUTES[`POST ${FLEET_LOGOUT_PATH}`].schema }, () => signIn.logout());
    app.post(FLEET_REFRESH_PATH, { schema: DAEMON_ROUTES[`POST ${FLEET_REFRESH_PATH}`].schema }, () =>
      signIn.refresh(),
    );
  };
