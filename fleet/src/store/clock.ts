/** The current time in epoch milliseconds; injected so that tests can move it. */
export type Clock = () => number;
