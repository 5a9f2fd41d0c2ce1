// The jest-dom matchers the shared Jest setup installs (toBeDisabled, toHaveAccessibleName, …).
import '@testing-library/jest-dom';
