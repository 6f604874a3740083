// The dashboard's pages, in the order of the navigation.
import { type ComponentType, lazy } from 'react';
import { ActivityPage } from './activity/ActivityPage';
import { AgentsPage } from './agents/AgentsPage';
import { FleetPage } from './fleet/FleetPage';
import { OverviewPage } from './overview/OverviewPage';
import { RulesPage } from './rules/RulesPage';
import { SleepPage } from './sleep/SleepPage';
import { SpendingPage } from './spending/SpendingPage';

// xterm is most of the bundle's weight: loaded when the Terminal page first opens.
const TerminalPage = lazy(() =>
  import('./terminal/TerminalPage').then(({ TerminalPage }) => ({ default: TerminalPage })),
);

export interface PageEntry {
  path: string;
  title: string;
  component: ComponentType;
}

export const PAGES: readonly PageEntry[] = [
  { path: 'overview', title: 'Overview', component: OverviewPage },
  { path: 'spending', title: 'Spending', component: SpendingPage },
  { path: 'sleep', title: 'Sleep at Night', component: SleepPage },
  { path: 'activity', title: 'Activity', component: ActivityPage },
  { path: 'rules', title: 'Rules', component: RulesPage },
  { path: 'agents', title: 'Agents', component: AgentsPage },
  { path: 'terminal', title: 'Terminal', component: TerminalPage },
  { path: 'fleet', title: 'Fleet', component: FleetPage },
];
