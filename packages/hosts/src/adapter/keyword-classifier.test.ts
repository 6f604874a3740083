import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Capability } from '@ssg/engine';
import { classifyTool, DEFAULT_CAPABILITY, matchKeywords, toolWords } from './keyword-classifier';

describe('classifyTool', () => {
  const cases: Array<[string, Capability]> = [
    ['bash', 'execute'],
    ['run_terminal_command', 'execute'],
    ['shell_exec', 'execute'],
    ['executeCommand', 'execute'],
    ['local_shell', 'execute'],
    ['write_file', 'write'],
    ['edit_file', 'write'],
    ['str_replace_editor', 'write'],
    ['apply_patch', 'write'],
    ['deleteBranch', 'write'],
    ['mcp__github__create_issue', 'write'],
    ['mcp__my_server__remove_thing', 'write'],
    ['read_file', 'read'],
    ['view_image', 'read'],
    ['mcp__github__get_issue', 'read'],
    ['openDocument', 'read'],
    ['grep_search', 'search'],
    ['list_dir', 'search'],
    ['file_search', 'search'],
    ['ls', 'search'],
    ['web_search', 'network'],
    ['search_web', 'network'],
    ['WebFetch', 'network'],
    ['HTTPRequest', 'network'],
    ['read_url_content', 'network'],
    ['mcp__fetch__fetch', 'network'],
    ['spawn_agent', 'agent'],
    ['delegate', 'agent'],
    ['task', 'agent'],
    // Riskiest kind wins when words disagree.
    ['delete_search_index', 'write'],
    ['run_query', 'execute'],
    // Nothing known: the default.
    ['update_plan', 'write'],
    ['frobnicate', DEFAULT_CAPABILITY],
    ['', DEFAULT_CAPABILITY],
    ['___', DEFAULT_CAPABILITY],
    ['mcp__server__', DEFAULT_CAPABILITY],
    ['🙂', DEFAULT_CAPABILITY],
  ];
  for (const [tool, want] of cases) {
    it(`${JSON.stringify(tool)} → ${want}`, () => assert.equal(classifyTool(tool), want));
  }

  it('classifies a huge name quickly enough to return at all', () => {
    assert.equal(classifyTool(`${'x'.repeat(100_000)}_read`), 'read');
  });
});

describe('toolWords', () => {
  const cases: Array<[string, string[]]> = [
    ['run_terminal_command', ['run', 'terminal', 'command']],
    ['getWeather', ['get', 'weather']],
    ['HTTPRequest', ['http', 'request']],
    ['mcp__github__createIssue', ['create', 'issue']],
    ['web-fetch.v2', ['web', 'fetch', 'v2']],
  ];
  for (const [tool, want] of cases) {
    it(`${tool} → ${want.join(' ')}`, () => assert.deepEqual(toolWords(tool), want));
  }
});

describe('matchKeywords', () => {
  const lists: ReadonlyArray<readonly [Capability, readonly string[]]> = [
    ['execute', ['run']],
    ['read', ['get']],
  ];
  const cases: Array<[string, Capability | undefined]> = [
    ['run_tests', 'execute'],
    ['get_and_run', 'execute'],
    ['getValue', 'read'],
    ['truncate', undefined],
    ['target', undefined],
    ['', undefined],
  ];
  for (const [tool, want] of cases) {
    it(`${JSON.stringify(tool)} → ${want ?? 'no match'}`, () => assert.equal(matchKeywords(tool, lists), want));
  }
});
