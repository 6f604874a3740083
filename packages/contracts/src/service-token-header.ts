// The header that carries the local token on every daemon API call (the spec's `X-Service-Token`).
export const SERVICE_TOKEN_HEADER_NAME = 'x-service-token';
