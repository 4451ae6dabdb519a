/** Browser tests arrive with issue 6; until then the e2e project has nothing to set up. */
export default function setup() {}
