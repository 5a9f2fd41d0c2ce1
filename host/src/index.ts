// No async boundary: the host has no federation plugin, it starts the runtime only where remotes are shown.
import './bootstrap';
