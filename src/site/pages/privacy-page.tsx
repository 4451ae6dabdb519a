import { PRIVACY_POLICY } from '../content/legal';
import { LegalPage } from '../components/legal-document';

export default function PrivacyPage() {
  return <LegalPage path="/privacy" document={PRIVACY_POLICY} />;
}
