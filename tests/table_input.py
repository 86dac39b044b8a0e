"""Pointer input for in-process table tests (SDL dummy driver): real pygame
events fed through `App.step`, the same path a person's mouse takes."""

from __future__ import annotations

import pygame


def ev(kind, **kw):
    return pygame.event.Event(kind, **kw)


def click(app, pos, button=1):
    app.step([ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)], 0.01)
    app.step([ev(pygame.MOUSEBUTTONUP, pos=pos, button=button)], 0.01)
    app.step(pygame.event.get(), 0.01)


def drag(app, a, b):
    app.step([ev(pygame.MOUSEBUTTONDOWN, pos=a, button=1)], 0.01)
    mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    for p in (mid, b):
        app.step(
            [ev(pygame.MOUSEMOTION, pos=p, rel=(p[0] - a[0], p[1] - a[1]), buttons=(1, 0, 0))], 0.01
        )
    app.step([ev(pygame.MOUSEBUTTONUP, pos=b, button=1)], 0.01)
