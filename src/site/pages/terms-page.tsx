import { TERMS_OF_SERVICE } from '../content/legal';
import { LegalPage } from '../components/legal-document';

export default function TermsPage() {
  return <LegalPage path="/terms" document={TERMS_OF_SERVICE} />;
}
