"""Taking a lesson's current step in its scene as the learner would: its
words read (Next), the computer's move let come, or the step's own move made."""

from __future__ import annotations


def take_step(scene) -> None:
    """The scene's current lesson step, done."""
    step = scene.lesson.current()
    if step.kind() == "words":
        scene.command("lesson_next")
    elif step.kind() == "computer":
        scene.update(scene.ai_due)
    else:
        scene.perform(scene.lesson.lesson.moves[scene.lesson.at][0])
