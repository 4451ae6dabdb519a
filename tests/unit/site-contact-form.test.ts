import { describe, expect, it } from 'vitest';
import {
  buildMailto,
  messageOpener,
  readContactPrefill,
  recipientFor,
  validateContact,
  type ContactValues,
} from '../../src/site/islands/contact-form';

const valid: ContactValues = {
  firstName: 'Ada',
  lastName: 'Park',
  email: 'ada@willowcreek.org',
  company: 'Willow Creek HOA',
  role: 'Board Member',
  topic: 'trial',
  plan: 'professional',
  message: 'We would like to start the trial.',
};

describe('contact prefill from the link', () => {
  it('reads topic, plan, subject and email', () => {
    expect(
      readContactPrefill('?topic=trial&plan=professional&about=Apply&email=a%40b.org'),
    ).toEqual({ topic: 'trial', plan: 'professional', about: 'Apply', email: 'a@b.org' });
  });

  it('ignores unknown topics and plans', () => {
    expect(readContactPrefill('?topic=hack&plan=gold')).toEqual({});
  });

  it('treats a plan without a topic as a sales question', () => {
    expect(readContactPrefill('?plan=enterprise')).toEqual({ topic: 'sales', plan: 'enterprise' });
  });

  it('bounds the subject length', () => {
    expect(readContactPrefill(`?about=${'x'.repeat(500)}`).about).toHaveLength(200);
  });

  it('opens the message in the words of the topic', () => {
    expect(messageOpener('careers', 'Product Designer')).toBe(
      'I would like to apply for the position: Product Designer\n\n',
    );
    expect(messageOpener(undefined, 'Something')).toBe('About: Something\n\n');
  });
});

describe('contact validation', () => {
  it('accepts a complete form', () => {
    expect(validateContact(valid)).toEqual({});
  });

  it('names each missing required field', () => {
    const errors = validateContact({
      ...valid,
      firstName: ' ',
      lastName: '',
      email: '',
      message: '',
    });
    expect(Object.keys(errors).sort()).toEqual(['email', 'firstName', 'lastName', 'message']);
    expect(errors.email).toBe('Enter your email address so we can reply.');
  });

  it('rejects a malformed email with an example of the right form', () => {
    for (const email of ['ada', 'ada@', 'ada@org', 'a b@c.org']) {
      expect(validateContact({ ...valid, email }).email).toBe(
        'Enter an email address like name@example.com.',
      );
    }
  });
});

describe('mailto for the email app', () => {
  it('addresses the topic’s team with subject and the form in the body', () => {
    const href = buildMailto(valid);
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe(recipientFor('trial'));
    expect(url.searchParams.get('subject')).toBe('Start a free trial: Ada Park, Willow Creek HOA');
    const body = url.searchParams.get('body') ?? '';
    expect(body).toContain('We would like to start the trial.');
    expect(body).toContain('Email: ada@willowcreek.org');
    expect(body).toContain('Plan: professional');
    expect(body).toContain('Role: Board Member');
  });

  it('sends an unknown topic to the general address', () => {
    expect(recipientFor('nope')).toBe(recipientFor('general'));
    expect(recipientFor('support')).not.toBe(recipientFor('general'));
  });
});
