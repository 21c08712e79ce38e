"""Outbound texts (outbox, Twilio REST sender, worker) and the state the Twilio channels keep."""
