"""Errors a rules module raises. The platform turns them into 4xx answers a player can read."""


class Refused(Exception):
    """An order the game will not carry out: the platform answers it with a 4xx a player can read.

    The message must be safe for the acting role to read: it may name only what that role can see. Catch this where
    any refusal will do (the platform, a computer player trying orders); a test of a rule expects IllegalAction, so
    that an order refused for its shape cannot pass as one refused by the rule (issue 33).
    """

    def __init__(self, message: str, rule: str | None = None):
        super().__init__(message)
        self.message = message
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.message} (rule {self.rule})" if self.rule else self.message


class IllegalAction(Refused):
    """A well-formed action that the rules do not allow now.

    `rule` names the rulebook case it enforces (e.g. "8.6"), so the player can look it up.
    """


class MalformedAction(Refused):
    """An action whose shape is wrong: unknown verb, missing or mistyped argument, a choice not offered."""


class DiceExhausted(RuntimeError):
    """A scripted die was asked for after the script ran out.

    Not an IllegalAction: it is a fault in a test or a sandbox script, never a refusal by the rules, so that a
    test expecting a refusal cannot pass because the dice ran out instead.
    """
