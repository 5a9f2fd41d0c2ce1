// Matchers like toBeVisible() come from the shared Jest setup file; this brings in their types.
/// <reference types="@testing-library/jest-dom" />
