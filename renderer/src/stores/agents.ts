// The Agents area: each adapter's state for a project folder (GET /api/json/agents) and install/remove
// (POST /api/json/agents/:name). The folder the user typed is remembered in localStorage.
import { create } from 'zustand';
import { call, describeError } from '../api/client';
import {
  type AgentChangeRequest,
  type AgentChangeResponse,
  type AgentsResponse,
  type InstallAction,
} from '@ssg/contracts/dashboard';

const KEY = 'ssg.agents.projectDir';

interface AgentsState {
  projectDir: string;
  data: AgentsResponse | null;
  error: string | null;
  /** The adapter being changed. */
  busy: string | null;
  lastChange: AgentChangeResponse | null;
  load(projectDir?: string): Promise<void>;
  change(name: string, action: InstallAction): Promise<void>;
}

export const useAgents = create<AgentsState>()((set, get) => ({
  projectDir: localStorage.getItem(KEY) ?? '',
  data: null,
  error: null,
  busy: null,
  lastChange: null,
  async load(projectDir = get().projectDir) {
    set({ projectDir: projectDir.trim(), lastChange: null });
    if (projectDir.trim() === '') {
      set({ data: null, error: null });
      return;
    }
    // The answer for a folder the user has since moved away from must not replace the new folder's.
    const current = () => get().projectDir === projectDir.trim();
    try {
      const data = await call('GET /api/json/agents', { query: { projectDir: projectDir.trim() } });
      if (!current()) return;
      localStorage.setItem(KEY, data.projectDir);
      set({ data, error: null });
    } catch (error) {
      if (current()) set({ data: null, error: describeError(error) });
    }
  },
  async change(name, action) {
    const projectDir = get().projectDir;
    set({ busy: name, error: null });
    try {
      const request: AgentChangeRequest = { action, projectDir };
      const lastChange = await call('POST /api/json/agents/:name', { params: { name }, body: request });
      await get().load(projectDir);
      set({ lastChange });
    } catch (error) {
      set({ error: describeError(error) });
    } finally {
      set({ busy: null });
    }
  },
}));
