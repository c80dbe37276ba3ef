import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CodeGraph } from '../../../src/context/code/code-graph.js';
import { renderCodeNode } from '../../../src/context/code/code-rendering.js';
import { SourceParser } from '../../../src/context/code/parse-source.js';
import { contentHash } from '../../../src/context/code/content-hash.js';
import type { SourceFile } from '../../../src/context/code/code-model.js';

const TEXT = `"""Authentication."""


class AuthManager(BaseAuth):
    """Checks passwords.

    And more."""

    retries = 3

    @staticmethod
    def login(user: str) -> str:
        """Log a user in."""
        attempts = 1
        if attempts:
            raise PermissionError(user)
        return user
`;

let graph: CodeGraph;
const parser = new SourceParser();
before(async () => {
  const parsed = await parser.parse(TEXT, 'python');
  const file: SourceFile = { path: 'pkg/auth.py', hash: contentHash(TEXT), text: TEXT, parsed };
  const tree = { root: '/repo', files: [file], stats: { files: 1, parsed: 1, cached: 0, degraded: 0, lines: 17 }, treeHash: '' };
  graph = new CodeGraph(tree, { parsed: [parsed] });
});
after(() => parser.dispose());

const node = (key: string) => graph.nodes.find((candidate) => candidate.key === key)!;
const CLASS = 'uko-py:class/pkg.auth.AuthManager';

describe('rendering code at the uko-code: levels', () => {
  it('names the nodes by module and kind', () => {
    assert.deepEqual(
      graph.nodes.map((n) => n.key),
      ['uko-py:module/pkg.auth', CLASS, 'uko-py:method/pkg.auth.AuthManager.login'],
    );
  });

  it('MODULE_LISTING: a module lists what it defines, a class is its header', () => {
    assert.equal(renderCodeNode(node('uko-py:module/pkg.auth'), 0), 'pkg/auth.py: AuthManager');
    assert.equal(renderCodeNode(node(CLASS), 0), 'class AuthManager(BaseAuth):');
  });

  it('MEMBER_LISTING adds the members; a depth between levels renders the shallower one', () => {
    assert.equal(renderCodeNode(node(CLASS), 2), 'class AuthManager(BaseAuth):\n  login');
    assert.equal(renderCodeNode(node(CLASS), 3), renderCodeNode(node(CLASS), 2));
  });

  it('SIGNATURES: decorators, headers and first docstring lines, no bodies', () => {
    assert.equal(
      renderCodeNode(node(CLASS), 4),
      [
        'class AuthManager(BaseAuth):',
        '    """Checks passwords."""',
        '    @staticmethod',
        '    def login(user: str) -> str:',
        '        """Log a user in."""',
      ].join('\n'),
    );
  });

  it('STRUCTURAL_OUTLINE keeps structural lines and marks the gaps', () => {
    const outline = renderCodeNode(node(CLASS), 6);
    assert.ok(outline.includes('        if attempts:\n            raise PermissionError(user)\n        return user'), outline);
    assert.ok(outline.includes('⋮') && !outline.includes('attempts = 1'), outline);
  });

  it('FULL_SOURCE is the exact text of the lines', () => {
    assert.equal(renderCodeNode(node(CLASS), 9), TEXT.split('\n').slice(3, 17).join('\n'));
    assert.equal(renderCodeNode(node('uko-py:module/pkg.auth'), 9), TEXT.trimEnd());
  });
});
