import { LandingPage } from './landing-page';

/** /home is the same landing page as / (spec section 2). */
export default function HomeAliasPage() {
  return <LandingPage path="/home" />;
}
