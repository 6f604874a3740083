// Light or dark: follows the system (prefers-color-scheme) until the user picks one; the pick is remembered.
import { create } from 'zustand';

export type ThemeChoice = 'system' | 'light' | 'dark';
const KEY = 'ssg.theme';

function stored(): ThemeChoice {
  const value = localStorage.getItem(KEY);
  return value === 'light' || value === 'dark' ? value : 'system';
}

function apply(choice: ThemeChoice): void {
  if (choice === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = choice;
}

interface ThemeState {
  choice: ThemeChoice;
  set(choice: ThemeChoice): void;
}

export const useTheme = create<ThemeState>()((set) => ({
  choice: stored(),
  set(choice) {
    if (choice === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, choice);
    apply(choice);
    set({ choice });
  },
}));

apply(useTheme.getState().choice);
