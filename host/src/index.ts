// The async boundary lets Module Federation negotiate shared singletons (React, the store) first.
import('./bootstrap');
