/**
 * The levels that make sense for each kind of rule (pure; tested in
 * tests/unit/alert-rules.test.ts). They live in the contract so the rules form checks the same
 * bounds before sending.
 */
export { checkRuleLevels, type RuleLevels } from '../../src/api/contract';
