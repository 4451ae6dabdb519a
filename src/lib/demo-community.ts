/**
 * The demo community's slug (server/simulator/demo.ts). A community of its own never has it: the
 * server refuses a COMMUNITY_NAME whose slug this is (server/own-community.ts).
 */
export const DEMO_COMMUNITY_SLUG = 'willow-creek';
