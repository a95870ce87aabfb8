import { describe, expect, it } from 'vitest';
import { compactPhone } from './people-rules.ts';
import { PersonNameSchema, PhoneSchema } from './schemas/auth.ts';
import { ContactBodySchema } from './schemas/contact.ts';
import { EmergencyContactSchema, ProviderInfoUpdateSchema } from './schemas/profiles.ts';
import { BankAccountGeneralSchema, BankAccountUsSchema } from './schemas/wallet.ts';

const REAL_NAMES = [
  'Jean-Luc',
  "O'Brien",
  'O’Brien',
  'Müller-Lüdenscheidt',
  'José María',
  'Nguyễn',
  'Zoë',
  'Łukasz',
  'Ærøskøbing',
  'Søren',
  'Ngozi Okafor-Eze',
  'D’Angelo',
  '李小龙',
  'محمد',
  'Иван',
  'Αλέξανδρος',
  'श्रीनिवास',
  'Chiamaka',
];

const HOSTILE_NAMES = [
  '',
  ' ',
  '1Ada',
  '-Obi',
  "'Brien",
  'Obi-',
  'Jean--Luc',
  "O''Brien",
  'R2-D2',
  '<script>alert(1)</script>',
  "Robert'); DROP TABLE users;--",
  'Ada\u0000',
  'Ada\u200bLovelace',
  'Ada\nLovelace',
  'Ada 😀',
  '=HYPERLINK("x")',
  'a'.repeat(51),
];

const REAL_PHONES: Array<[string, string]> = [
  ['+44 20 7946 0958', '+442079460958'],
  ['+44 (20) 1234-5678', '+442012345678'],
  ['0803 123 4567', '08031234567'],
  ['(555) 123-4567', '5551234567'],
  ['+49 30/1234567', '+49301234567'],
  ['+234.803.123.4567', '+2348031234567'],
];

const HOSTILE_PHONES = [
  '',
  '+44 20 7946 0958 ext 12',
  '++442079460958',
  '44+2079460958',
  'call me',
  '123',
  '<b>1234567890</b>',
];

describe('real names, accepted everywhere a name is typed', () => {
  it.each(REAL_NAMES)('accepts %s', (name) => {
    expect(PersonNameSchema.safeParse(name).success).toBe(true);
    if (name.length >= 3) {
      expect(EmergencyContactSchema.safeParse({ name, phoneNumber: '112' }).success).toBe(true);
      expect(BankAccountUsSchema.shape.accountName.safeParse(name).success).toBe(true);
    }
  });

  it.each(HOSTILE_NAMES)('refuses %j', (name) => {
    expect(PersonNameSchema.safeParse(name).success).toBe(false);
    expect(EmergencyContactSchema.safeParse({ name, phoneNumber: '112' }).success).toBe(false);
  });
});

describe('titles and account holders', () => {
  const title = ProviderInfoUpdateSchema.shape.title;
  it.each(['Dr', 'Dipl.-Psych.', 'Dr. med.', 'M.Sc.', 'Prof. Dr.', 'Psychologin'])('accepts the title %s', (value) => {
    expect(title.safeParse(value).success).toBe(true);
  });
  it.each(['D', 'Dr. 2', '.Dr', 'Dr..', 'Dr <b>'])('refuses the title %j', (value) => {
    expect(title.safeParse(value).success).toBe(false);
  });
  it.each(["Maya O'Patel", 'Okafor, Chidi', 'Acme Therapy Ltd.', 'Müller-Lüdenscheidt'])(
    'accepts the account holder %s in every country',
    (value) => {
      expect(BankAccountUsSchema.shape.accountName.safeParse(value).success).toBe(true);
      expect(BankAccountGeneralSchema.shape.accountName.safeParse(value).success).toBe(true);
    },
  );
  it.each(['Al', 'R2-D2 Inc', '<Maya>', 'a'.repeat(33)])('refuses the account holder %j', (value) => {
    expect(BankAccountUsSchema.shape.accountName.safeParse(value).success).toBe(false);
  });
});

describe('phone numbers as people type them', () => {
  it.each(REAL_PHONES)('accepts %s (compact %s)', (typed, compact) => {
    expect(PhoneSchema.safeParse(typed).success).toBe(true);
    expect(ContactBodySchema.shape.phoneNumber.safeParse(typed).success).toBe(true);
    expect(compactPhone(typed)).toBe(compact);
  });

  it.each(HOSTILE_PHONES)('refuses %j', (typed) => {
    expect(PhoneSchema.safeParse(typed).success).toBe(false);
  });
});
