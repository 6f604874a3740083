// install/uninstall/healthCheck of adapters whose `ssg init` step is not written yet. Installing rejects with a
// message naming the command to come; healthCheck answers false, since nothing can have been installed by ssg.
import type { ClientAdapter } from './types';

export function installPending(name: string): Pick<ClientAdapter, 'install' | 'uninstall' | 'healthCheck'> {
  const notYet = (action: string) => () =>
    Promise.reject(
      new Error(
        `${action} the ${name} adapter is not available yet: \`ssg init --client=${name}\` arrives with the adapters install work`,
      ),
    );
  return { install: notYet('installing'), uninstall: notYet('removing'), healthCheck: () => Promise.resolve(false) };
}
