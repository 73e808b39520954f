import CGtk
import CTrellisGtk
import Trellis
import TrellisKit

/// Cells' pop-up menus (`CellAccessory.popUpMenu`) in a `GtkPopoverMenu` built from a
/// `GMenuModel`, pointing at the accessory: GTK's own menu, so the keyboard (Up and Down,
/// Enter, Escape), the pointer (hover, click, a click outside closes it), the check marks
/// and radio buttons of chosen items, and the accessible roles (menu, radio menu item)
/// are GTK's, as in every GTK app's menus. (A popover of buttons of our own would have to
/// rebuild each of those.) A single-selection menu's actions are radio items; an action
/// that is on elsewhere a check item; submenus shown inline are sections between
/// separators, others submenus. Images are not shown (a `GMenuModel` takes icons, not
/// pictures).
///
/// As any GTK popover menu, it opens with no item focused: Down focuses the first. A
/// choice goes to the collection view's `MenuPresentation` (the action's handler, the
/// single selection, the accessory's selection handler); closing without one dismisses it. While the menu is
/// up, the collection ignores the pointer and keys that reach it through the popover.
extension CollectionWidget {
    /// The menu in its popover, and its actions by item number.
    final class ShownMenu {
        let presentation: MenuPresentation
        let popover: UnsafeMutablePointer<GtkWidget>
        var actions: [Action]

        init(presentation: MenuPresentation, popover: UnsafeMutablePointer<GtkWidget>, actions: [Action]) {
            self.presentation = presentation
            self.popover = popover
            self.actions = actions
        }
    }

    func installMenus() {
        collectionView.menuPresenter = { [weak self] presentation in self?.showMenu(presentation) }
    }

    /// Adds `source`'s elements to `model` (its actions to `actions`, each item's index
    /// there the one `activated` receives), submenus as sections or submenus of their own.
    private func appendItems(
        of source: Menu, to model: OpaquePointer, group: UnsafeMutablePointer<GSimpleActionGroup>, singleSelection: Bool, actions: inout [Action],
        activated: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Void, context: UnsafeMutableRawPointer
    ) {
        let radio = singleSelection || source.options.contains(.singleSelection)
        for element in source.children {
            if let action = element as? Action {
                guard !action.attributes.contains(.hidden) else { continue }
                let on = action.state != .off
                let kind = radio ? TRELLIS_MENU_ITEM_RADIO : on ? TRELLIS_MENU_ITEM_CHECK : TRELLIS_MENU_ITEM_PLAIN
                trellis_menu_append_item(model, group, action.title, Int32(actions.count), kind, on ? 1 : 0,
                                         action.attributes.contains(.disabled) ? 0 : 1, activated, context)
                actions.append(action)
            } else if let submenu = element as? Menu {
                let child = g_menu_new()!
                appendItems(of: submenu, to: child, group: group, singleSelection: radio, actions: &actions,
                            activated: activated, context: context)
                trellis_menu_append_menu(model, submenu.title, child, submenu.options.contains(.displayInline) ? 1 : 0)
                g_object_unref(UnsafeMutableRawPointer(child))
            }
        }
    }

    /// Shows the menu a cell asked for, below its accessory.
    private func showMenu(_ presentation: MenuPresentation) {
        removeMenu()
        let menu = g_menu_new()!
        let group = g_simple_action_group_new()!
        var actions: [Action] = []
        let context = Unmanaged.passUnretained(self).toOpaque()
        let activated: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Void = { context, index in
            MainActor.assumeIsolated { CollectionWidget.host(context).menuItemChosen(Int(index)) }
        }
        appendItems(of: presentation.menu, to: menu, group: group, singleSelection: false, actions: &actions,
                    activated: activated, context: context)
        // The accessory's frame in the widget: content coordinates less the offset.
        let offset = collectionView.contentOffset
        let source = presentation.sourceRect
        let anchor = [source.minX - offset.x, source.minY - offset.y, max(1, source.width), max(1, source.height)].map { Int32($0.rounded()) }
        let popover = trellis_menu_popover_new(widget, menu, group, anchor[0], anchor[1], anchor[2], anchor[3])!
        g_object_unref(UnsafeMutableRawPointer(menu))
        g_object_unref(UnsafeMutableRawPointer(group))
        let closed: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, context in
            MainActor.assumeIsolated { CollectionWidget.host(context).menuClosed() }
        }
        _ = trellis_signal_connect(UnsafeMutableRawPointer(popover), "closed", unsafeBitCast(closed, to: GCallback.self), context)
        shownMenu = ShownMenu(presentation: presentation, popover: popover, actions: actions)
        gtk_popover_popup(trellis_as_popover(popover))
        let titles = actions.map { DebugChannel.quoted($0.title) }.joined(separator: ",")
        debug?.event("menuShown", [
            "\"item\":[\(presentation.indexPath.section),\(presentation.indexPath.item)]", "\"titles\":[\(titles)]",
            "\"anchor\":[\(anchor.map { String($0) }.joined(separator: ","))]",
        ])
    }

    /// A person chose item `index` of the shown menu.
    private func menuItemChosen(_ index: Int) {
        guard let shown = shownMenu, shown.actions.indices.contains(index) else { return }
        let action = shown.actions[index]
        let chosen = shown.presentation.choose(action)
        debug?.event("menuChosen", ["\"title\":\(DebugChannel.quoted(action.title))", "\"chosen\":\(chosen)"])
        queueLayout()
    }

    /// The popover closed (a choice, Escape, a click elsewhere). GTK may report the item's
    /// activation after the popover closed: the presentation is dismissed and the popover
    /// removed once the main loop is idle, after any activation.
    private func menuClosed() {
        guard shownMenu != nil else { return }
        let context = Unmanaged.passUnretained(self).toOpaque()
        let idle: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
            MainActor.assumeIsolated { CollectionWidget.host(context).menuDidClose() }
            return 0  // G_SOURCE_REMOVE
        }
        g_idle_add(idle, context)
    }

    private func menuDidClose() {
        guard let shown = shownMenu, gtk_widget_get_visible(shown.popover) == 0 else { return }
        let dismissed = collectionView.presentedMenu === shown.presentation
        shown.presentation.dismiss()
        removeMenu()
        if dismissed { debug?.event("menuClosed") }
        // The focus comes back to the collection, on the item.
        gtk_widget_grab_focus(widget)
        followFocusWithChild()
        queueDraw()
    }

    /// Takes the popover away (a new menu replaces it; the widget goes).
    func removeMenu() {
        guard let shown = shownMenu else { return }
        shownMenu = nil
        gtk_widget_unparent(shown.popover)
    }
}
