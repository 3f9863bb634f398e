/**
 * Member account types, as numbers on the wire (the `type` of a session and a member). A `.values`
 * file holds a contract area's plain values, no schema: the client's first script reads them and
 * carries no zod (issue 15); the area's own file builds its schemas from them.
 */
export const AGENT_TYPES = [1, 2, 41, 42] as const;
export const TRIAL_TYPE = 4;
export const isAgentType = (type: number): boolean => (AGENT_TYPES as readonly number[]).includes(type);
