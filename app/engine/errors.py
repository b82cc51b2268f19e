"""Errors a rules module raises. The platform turns them into 4xx answers a player can read."""


class IllegalAction(Exception):
    """A well-formed action that the rules do not allow now.

    `rule` names the rulebook case it enforces (e.g. "8.6"), so the player can look it up.
    The message must be safe for the acting role to read: it may name only what that role can see.
    """

    def __init__(self, message: str, rule: str | None = None):
        super().__init__(message)
        self.message = message
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.message} (rule {self.rule})" if self.rule else self.message


class MalformedAction(IllegalAction):
    """An action whose shape is wrong: unknown verb, missing or mistyped argument."""


class DiceExhausted(RuntimeError):
    """A scripted die was asked for after the script ran out.

    Not an IllegalAction: it is a fault in a test or a sandbox script, never a refusal by the rules, so that a
    test expecting a refusal cannot pass because the dice ran out instead.
    """
