import { cx } from '../../lib/cx';
import { Badge, type BadgeTone } from '../../ui/badge';
import { RELIABILITY, INCIDENT_STEPS } from '../content/service-terms';
import {
  BEST_PRACTICES,
  CERTIFICATIONS,
  DATA_PROTECTION,
  SECURITY_ARCHITECTURE,
  SECURITY_CONTACTS,
  type Certification,
} from '../content/security';
import { CheckList, IconTile, PageHero, PANEL, Section } from '../components/blocks';
import { SiteLayout } from '../components/site-layout';

const STATUS_TONE: Record<Certification['status'], BadgeTone> = {
  Certified: 'green',
  Compliant: 'blue',
  'In Progress': 'yellow',
};

export default function SecurityPage() {
  return (
    <SiteLayout path="/security">
      <PageHero
        badge="Security & Compliance"
        title="Your Community’s Data, Protected"
        intro={`Encryption everywhere, strict access control, a ${RELIABILITY.uptime} uptime target and a tested plan for when things go wrong.`}
      />

      <Section id="certifications" title="Certifications">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {CERTIFICATIONS.map((certification) => (
            <li key={certification.name} className={PANEL}>
              <div className="flex items-center justify-between gap-2">
                <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
                  {certification.name}
                </h3>
                <Badge tone={STATUS_TONE[certification.status]}>{certification.status}</Badge>
              </div>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
                {certification.description}
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="architecture" tone="white" title="Security Architecture">
        <ul className="grid gap-6 md:grid-cols-2">
          {SECURITY_ARCHITECTURE.map((pillar) => (
            <li key={pillar.title} className={PANEL}>
              <div className="flex items-center gap-3">
                <IconTile name={pillar.icon} />
                <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
                  {pillar.title}
                </h3>
              </div>
              <div className="mt-4">
                <CheckList items={pillar.points} />
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="data-protection" title="Our Data Protection Commitments">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {DATA_PROTECTION.map((commitment) => (
            <li key={commitment.title} className={PANEL}>
              <h3 className="font-semibold text-slate-900 dark:text-white">{commitment.title}</h3>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
                {commitment.description}
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="incident-response"
        tone="white"
        title="Incident Response"
        intro="If something goes wrong, this is what happens and how fast."
      >
        <ol className="mx-auto grid max-w-4xl gap-4 md:grid-cols-2">
          {INCIDENT_STEPS.map((step, index) => (
            <li key={step.step} className={cx(PANEL, 'flex gap-4')}>
              <span
                aria-hidden="true"
                className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold text-slate-900 dark:text-white">
                  {step.step}:{' '}
                  <span className="text-brand-800 dark:text-brand-100">{step.target}</span>
                </h3>
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                  {step.description}
                </p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="best-practices" title="Security Best Practices for Your Team">
        <div className="mx-auto max-w-3xl">
          <CheckList items={BEST_PRACTICES} />
        </div>
      </Section>

      <Section id="security-contacts" tone="white" title="Security Contacts">
        <ul className="grid gap-6 md:grid-cols-3">
          {SECURITY_CONTACTS.map((contact) => (
            <li key={contact.title} className={PANEL}>
              <h3 className="font-semibold text-slate-900 dark:text-white">{contact.title}</h3>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
                {contact.description}
              </p>
              <a
                href={`mailto:${contact.email}`}
                className="mt-3 inline-flex min-h-11 items-center font-medium break-all text-brand-800 underline dark:text-brand-100"
              >
                {contact.email}
              </a>
            </li>
          ))}
        </ul>
      </Section>
    </SiteLayout>
  );
}
