/** Keys of what the app keeps in localStorage; one place so nothing collides. */
export const SETTINGS_KEY = 'cg.settings';
export const DASHBOARD_RANGE_KEY = 'cg.dashboard.range';
export const REPORTS_PERIOD_KEY = 'cg.reports.period';
export const EVENT_CHECKLIST_KEY = 'cg.amy.checklist';
export const REPORTS_ACTIVITY_KEY = 'cg.reports.activity';
export const SIGN_OUT_PENDING_KEY = 'cg.signout.pending';
export const SESSION_ENDED_KEY = 'cg.session.ended';
/** When this browser last signed out (any tab): data fetched before then is the ended session's. */
export const SIGNED_OUT_AT_KEY = 'cg.signout.at';
/** The usage chart's lines shown or hidden by the reader, by amenity id. */
export const USAGE_LINES_KEY = 'cg.usage.lines';
