import { takeOverlapping } from './oneStatementAtATime';

// A test file opens its own database (~1 s on PGlite) and hashes passwords with scrypt.
jest.setTimeout(30000);

afterEach(() => {
  const statements = takeOverlapping();
  if (statements.length) {
    throw new Error(`started while their pg client ran another (Promise.all in a transaction?): ${statements.join(' | ')}`);
  }
});
