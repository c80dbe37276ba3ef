import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { focusMatches } from '../../../src/context/assembly/focus-match.js';
import { personalisedPageRank } from '../../../src/context/assembly/page-rank.js';
import { packReferences } from '../../../src/context/assembly/reference-lists.js';
import { depthIn } from '../../../src/context/assembly/request-depth.js';
import { CODE_DETAIL_MAP, RECORD_DETAIL_MAP } from '../../../src/context/assembly/builtin-detail-maps.js';

describe('focus matching', () => {
  it('finds a node by a part of its key, its short name or a partial qualification', () => {
    assert.ok(focusMatches('app/auth/tokens', 'app/auth'));
    assert.ok(focusMatches('uko-py:class/pkg.auth.authmanager', 'uko-py:class/authmanager'));
    assert.ok(focusMatches('uko-py:class/pkg.auth.authmanager', 'uko-py:class/auth.authmanager'));
  });

  it('does not cross kinds or match a name that only ends the same', () => {
    assert.ok(!focusMatches('uko-py:function/pkg.auth.authmanager', 'uko-py:class/authmanager'));
    assert.ok(!focusMatches('uko-py:class/pkg.auth.myauthmanager', 'uko-py:class/authmanager'));
  });

  it('ignores case on both sides and takes every character of the target literally', () => {
    assert.ok(focusMatches('uko-py:class/pkg.auth.AuthManager', 'UKO-PY:class/authmanager'));
    assert.ok(focusMatches('uko-ts:function/src.api.(default)', 'uko-ts:function/(DEFAULT)'));
    assert.ok(focusMatches('notes/a+b*c?', 'A+B*C?'));
    assert.ok(!focusMatches('notes/aab', 'a+b'));
    assert.ok(!focusMatches('uko-py:class/pkgxauthxmanager', 'uko-py:class/auth.manager'));
  });
});

describe('personalised PageRank', () => {
  it('sums to one and ranks the most referenced node first', () => {
    const rank = personalisedPageRank(packReferences([[2], [2], [], [2]]));
    assert.ok(Math.abs(rank.reduce((sum, value) => sum + value, 0) - 1) < 1e-9);
    assert.equal(rank.indexOf(Math.max(...rank)), 2);
  });

  it('favours the nodes near the seed', () => {
    // Two separate chains; seeding the first puts its nodes above the second's.
    const rank = personalisedPageRank(packReferences([[1], [], [3], []]), [1, 0, 0, 0]);
    assert.ok(rank[1]! > rank[3]! && rank[0]! > rank[2]!);
  });
});

describe('a level name asked of another domain', () => {
  it("is taken at the same fraction of that domain's depth", () => {
    assert.equal(depthIn(CODE_DETAIL_MAP, 'SIGNATURES', [CODE_DETAIL_MAP, RECORD_DETAIL_MAP]), 4);
    assert.equal(depthIn(RECORD_DETAIL_MAP, 'SIGNATURES', [CODE_DETAIL_MAP, RECORD_DETAIL_MAP]), 1);
    assert.equal(depthIn(RECORD_DETAIL_MAP, 'FULL_SOURCE', [CODE_DETAIL_MAP, RECORD_DETAIL_MAP]), 3);
    assert.throws(() => depthIn(RECORD_DETAIL_MAP, 'NOWHERE', [CODE_DETAIL_MAP, RECORD_DETAIL_MAP]), /NOWHERE/);
  });
});
