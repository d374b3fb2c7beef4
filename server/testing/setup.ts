// A test file opens its own database (~1 s on PGlite) and hashes passwords with scrypt.
jest.setTimeout(30000);
