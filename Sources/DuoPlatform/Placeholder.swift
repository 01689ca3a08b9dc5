// Placeholder until this module's first real file lands; delete it then.
