// The name ssg's command line is published under on npm. Its command is `ssg` (the package's bin), but the npm
// package called `ssg` belongs to someone else: `npx ssg …` or `npm install -g ssg` outside this repository would
// install and run their code. Every install hint ssg prints names this package instead.
export const SSG_NPM_PACKAGE = 'ssg-guard';

/** What a person runs to put `ssg` on their PATH. */
export const SSG_INSTALL_COMMAND = `npm install -g ${SSG_NPM_PACKAGE}`;
