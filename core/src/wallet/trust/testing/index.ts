// Signed test trusted lists for tests that need the wallet path to trust their own test IACA.
export { buildSignedTestLists, lotlXml, nationalListXml, signXml, signedLote, type SignedTestLists, type TestService } from './build-lists.ts';
export { serveTestLists, type TestListServer } from './serve-lists.ts';
export { testSigner, type TestSigner } from './test-pki.ts';
