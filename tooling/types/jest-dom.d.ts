// Types of the jest-dom matchers that tooling/test/setupDom.ts installs for every test.
/// <reference types="@testing-library/jest-dom" />
