import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mailboxKey, sameMailbox } from './mailbox.ts';

describe('mailboxKey', () => {
  it('folds case, +tags, and dots of Gmail-style local parts', () => {
    expect(mailboxKey('Eve@Curie.Example')).toBe('eve@curie.example');
    expect(mailboxKey('eve+back@curie.example')).toBe('eve@curie.example');
    expect(mailboxKey('J.A.N.E+x@GMail.com')).toBe('jane@gmail.com');
    expect(mailboxKey('jane@googlemail.com')).toBe('jane@gmail.com');
    expect(mailboxKey('  jane@gmail.com ')).toBe('jane@gmail.com');
  });
  it('keeps what is significant: dots elsewhere, a leading +, the domain', () => {
    expect(mailboxKey('jane.doe@curie.example')).toBe('jane.doe@curie.example');
    expect(sameMailbox('jane.doe@curie.example', 'janedoe@curie.example')).toBe(false);
    expect(mailboxKey('+tag@curie.example')).toBe('+tag@curie.example');
    expect(sameMailbox('jane@gmail.com', 'jane@gmail.co')).toBe(false);
    expect(mailboxKey('....@gmail.com')).toBe('....@gmail.com');
  });
  it('does not crash on addresses without @', () => {
    expect(mailboxKey('Not An Address')).toBe('not an address');
    expect(mailboxKey('@host')).toBe('@host');
  });

  const local = fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,20}$/);
  const domain = fc.constantFrom('gmail.com', 'googlemail.com', 'curie.example', 'lab.example.org');
  const tag = fc.stringMatching(/^[a-z0-9._-]{0,10}$/);

  it('property: idempotent', () => {
    fc.assert(fc.property(local, tag, domain, (l, t, d) => {
      const key = mailboxKey(`${l}+${t}@${d}`);
      expect(mailboxKey(key)).toBe(key);
    }));
  });
  it('property: case and a +tag never change the mailbox', () => {
    fc.assert(fc.property(local, tag, domain, fc.boolean(), (l, t, d, upper) => {
      const written = `${upper ? l.toUpperCase() : l}+${t}@${upper ? d.toUpperCase() : d}`;
      expect(sameMailbox(written, `${l}@${d}`)).toBe(true);
    }));
  });
  it('property: dots never matter on gmail.com and googlemail.com, and always matter elsewhere', () => {
    fc.assert(fc.property(local, fc.nat(20), domain, (l, at, d) => {
      const dotted = `${l.slice(0, at)}.${l.slice(at)}`;
      const gmail = d === 'gmail.com' || d === 'googlemail.com';
      expect(sameMailbox(`${dotted}@${d}`, `${l}@${d}`)).toBe(gmail);
    }));
  });
  it('property: different plain local parts are different mailboxes', () => {
    fc.assert(fc.property(local, local, domain, (a, b, d) => {
      fc.pre(a.replace(/\./g, '') !== b.replace(/\./g, '') && !a.startsWith('.') && !b.startsWith('.'));
      expect(sameMailbox(`${a}@${d}`, `${b}@${d}`)).toBe(false);
    }));
  });
});
