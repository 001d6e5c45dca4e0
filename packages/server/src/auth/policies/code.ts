import { type Actor, can } from './policy.ts';

/**
 * Running code (issue 17; LibreChat's RUN_CODE permission, doc 2 §6 "run-code use"): the run button
 * on code blocks and a plain chat's execute_code toggle need USE. An agent whose tools hold
 * execute_code runs it for whoever may use the agent, as its other tools.
 */
export const codePolicy = {
  canRun: (a: Actor) => can(a, 'RUN_CODE', 'USE'),
};
