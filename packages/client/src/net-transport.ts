// The typed client over node:net (./daemon-request): what the CLI and the desktop app use.
import type { DaemonTransport } from './daemon-client';
import type { DaemonEndpoint } from './daemon-endpoint';
import { daemonRequest, type DaemonRequestOptions } from './daemon-request';

export const netTransport =
  (endpoint: DaemonEndpoint): DaemonTransport =>
  (method, path, body) =>
    daemonRequest(endpoint, path, { method: method as DaemonRequestOptions['method'], body });
