"""Boot Hill 3rd edition (sources 000 and 001), the primary ruleset ``boothill``."""
