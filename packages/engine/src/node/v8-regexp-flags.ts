// Switches on V8's linear-time regex engine for this process, before any rule is compiled (see regex.ts and
// regex-form.ts): `--enable-experimental-regexp-engine` gives the `l` flag, with which regex-form asks V8 which
// patterns that engine runs; `…-on-excessive-backtracks` lets V8 finish any other match with it after 50,000
// backtracks, so no pattern can take exponential time. Process-wide flags, hence outside the pure engine.
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--enable-experimental-regexp-engine');
setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
