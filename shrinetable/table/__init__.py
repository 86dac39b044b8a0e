"""The pygame-ce table: window, render loop, card art, drag-and-drop, scenes.

It renders only from the engine's `View` for the seat at the table and sends
every gesture through `shrinetable.adapter`; it holds no rules.
"""
