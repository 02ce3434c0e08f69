"""The ledger's HTML pages under /nights/, one module per part of the night.

`common` resolves who is asking and runs every write once per idempotency
key; `table` is the live table and its poll; `seats`, `closing` and
`nights` are the host's pages around it.
"""
