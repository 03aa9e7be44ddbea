// Loaded before every test file (bunfig.toml): quiet, deterministic test settings.
process.env.TZ ??= "Europe/Prague";
process.env.NODE_ENV = "test";
