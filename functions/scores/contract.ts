/**
 * Per-user scores: the score record and its public form, its store port, and the update a finished scan triggers.
 * Everything else in this folder is internal to it.
 */
export type { ScoreStore } from './score-store';
export { updateScoreOnScan } from './update-score';
export { toPublicScore, type UserScoreRecord } from './user-score';
