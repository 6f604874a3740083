// The dashboard's pages, in the order of the navigation. Terminal and Fleet come with their own issues: they are
// listed as "coming" (not links) so the navigation already has their place.
import type { ComponentType } from 'react';
import { ActivityPage } from './activity/ActivityPage';
import { AgentsPage } from './agents/AgentsPage';
import { OverviewPage } from './overview/OverviewPage';
import { RulesPage } from './rules/RulesPage';
import { SleepPage } from './sleep/SleepPage';
import { SpendingPage } from './spending/SpendingPage';

export interface PageEntry {
  path: string;
  title: string;
  /** Absent: not built yet, shown as coming. */
  component?: ComponentType;
}

export const PAGES: readonly PageEntry[] = [
  { path: 'overview', title: 'Overview', component: OverviewPage },
  { path: 'spending', title: 'Spending', component: SpendingPage },
  { path: 'sleep', title: 'Sleep at Night', component: SleepPage },
  { path: 'activity', title: 'Activity', component: ActivityPage },
  { path: 'rules', title: 'Rules', component: RulesPage },
  { path: 'agents', title: 'Agents', component: AgentsPage },
  { path: 'terminal', title: 'Terminal' },
  { path: 'fleet', title: 'Fleet' },
];
