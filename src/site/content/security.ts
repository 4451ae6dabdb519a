import { EMAILS } from './company';
import type { GlyphName } from './glyphs';
import { RELIABILITY } from './service-terms';

/** Spec section 3 "Certification"; the status only changes the badge style. */
export type Certification = {
  name: string;
  description: string;
  status: 'Certified' | 'In Progress' | 'Compliant';
};

export const CERTIFICATIONS: readonly Certification[] = [
  {
    name: 'SOC 2 Type II',
    description:
      'Independent audit of our security, availability and confidentiality controls, renewed every year.',
    status: 'Certified',
  },
  {
    name: 'ISO 27001',
    description: 'Information security management system certification, audit under way.',
    status: 'In Progress',
  },
  {
    name: 'CCPA',
    description: 'California Consumer Privacy Act rights honored for every resident and user.',
    status: 'Compliant',
  },
  {
    name: 'GDPR',
    description:
      'Data processing agreements and data subject rights for communities with residents from the EU.',
    status: 'Compliant',
  },
];

export type SecurityPillar = { title: string; icon: GlyphName; points: readonly string[] };

export const SECURITY_ARCHITECTURE: readonly SecurityPillar[] = [
  {
    title: 'Encryption',
    icon: 'lock',
    points: [
      'TLS 1.2 or newer for all data in transit',
      'AES-256 encryption for data at rest and in backups',
      'Keys managed in a hardware-backed key service and rotated regularly',
    ],
  },
  {
    title: 'Infrastructure',
    icon: 'server',
    points: [
      'Hosted in the United States in SOC 2 audited data centers',
      'Every community’s data separated by community at the database level',
      'Private networks, firewalls and continuous vulnerability scanning',
    ],
  },
  {
    title: 'Access Control',
    icon: 'key',
    points: [
      'Role-based access for Admin and Manager users',
      'Multi-factor authentication required for administrative accounts',
      'Least-privilege staff access, logged and reviewed quarterly',
    ],
  },
  {
    title: 'Monitoring',
    icon: 'eye',
    points: [
      'Around-the-clock monitoring and alerting',
      'Audit logs of sign-ins, exports and configuration changes',
      'Annual third-party penetration tests',
    ],
  },
];

export const BEST_PRACTICES: readonly string[] = [
  'Turn on multi-factor authentication for every manager, not only administrators.',
  'Give each person their own account and the narrowest role that fits their work.',
  'Remove access the day a staff member or board member leaves.',
  'Review the audit log after every export of resident data.',
  'Keep sensor gateways on a separate network from guest Wi-Fi.',
  'Report anything suspicious to our security team straight away.',
];

export type DataCommitment = { title: string; description: string };

export const DATA_PROTECTION: readonly DataCommitment[] = [
  {
    title: `${RELIABILITY.uptime} uptime target`,
    description:
      'Redundant services across availability zones keep dashboards and reports available.',
  },
  {
    title: `Recovery time ${RELIABILITY.recoveryTime}`,
    description: 'If a region fails, service is restored elsewhere in under 4 hours.',
  },
  {
    title: `Recovery point ${RELIABILITY.recoveryPoint}`,
    description:
      'Continuous backups mean at most the last hour of data could be lost in a disaster.',
  },
  {
    title: `Backups kept ${RELIABILITY.backupRetention}`,
    description: 'Encrypted backups are kept for 30 days and tested by regular restores.',
  },
  {
    title: `Deletion on request ${RELIABILITY.deletionOnRequest}`,
    description:
      'Ask us to delete your data and it is removed from live systems and backups within 30 days.',
  },
  {
    title: 'Your data stays yours',
    description:
      'We never sell personal information, and communities can export all their data at any time.',
  },
];

export type SecurityContact = { title: string; description: string; email: string };

export const SECURITY_CONTACTS: readonly SecurityContact[] = [
  {
    title: 'Report a vulnerability',
    description:
      'Found a security issue? Tell us privately; we acknowledge reports within one business day and never pursue good-faith research.',
    email: EMAILS.security,
  },
  {
    title: 'Privacy questions',
    description:
      'Data requests, processing agreements and questions about residents’ personal information.',
    email: EMAILS.privacy,
  },
  {
    title: 'Compliance documents',
    description: 'Our SOC 2 report, security questionnaires and policies, shared under NDA.',
    email: EMAILS.security,
  },
];
