// Types of the jest-dom matchers that shared/test/setupDom.ts installs for every test.
/// <reference types="@testing-library/jest-dom" />
