#ifndef TRELLIS_COLLECTION_WIDGET_H
#define TRELLIS_COLLECTION_WIDGET_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * TrellisCollectionWidgetCallbacks:
 * @context: passed to every callback; the host's own state
 * @measure: the minimum and natural size along @orientation, for `for_size` across (-1: none)
 * @size_allocate: the widget got a new size (logical pixels, which are points)
 * @draw: draw the visible content into `cairo`, already clipped to the widget, origin at its
 *   top-left, in points; `scale` is the surface's scale factor
 * @scrolled: the value of the adjustment of `orientation` changed, by anyone other than the
 *   host itself (scrollbar, wheel, keys, kinetic scrolling)
 * @adjustments_changed: the scrolled window gave the widget new adjustments
 * @destroy: the widget is being finalized: the host releases @context
 * @focus: GTK moves the keyboard focus into, out of or within the widget (Tab, or a
 *   direction GTK's focus chain follows): the host moves it and returns whether the focus
 *   is now in the widget (%FALSE lets it leave, as the `focus` vfunc)
 * @focus_target: something asked the widget itself to grab the focus: the host returns the
 *   child widget that takes it instead (the focused item's), or %NULL for the widget
 *
 * What the widget asks its host (Swift) for. GObject subclassing needs C (class_init,
 * vfuncs, interface init); everything the widget decides is decided by the host through
 * these calls.
 */
typedef struct {
    void *context;
    void (*measure)(void *context, GtkOrientation orientation, int for_size, int *minimum, int *natural);
    void (*size_allocate)(void *context, int width, int height);
    void (*draw)(void *context, cairo_t *cairo, int width, int height, int scale);
    void (*scrolled)(void *context, GtkOrientation orientation, double value);
    void (*adjustments_changed)(void *context);
    void (*destroy)(void *context);
    gboolean (*focus)(void *context, GtkDirectionType direction);
    GtkWidget *(*focus_target)(void *context);
} TrellisCollectionWidgetCallbacks;

#define TRELLIS_TYPE_COLLECTION_WIDGET (trellis_collection_widget_get_type())
G_DECLARE_FINAL_TYPE(TrellisCollectionWidget, trellis_collection_widget, TRELLIS, COLLECTION_WIDGET, GtkWidget)

/**
 * trellis_collection_widget_new:
 * @callbacks: (not nullable): what the widget asks its host for; copied
 *
 * A new widget calling @callbacks. It implements #GtkScrollable: put it into a
 * #GtkScrolledWindow.
 *
 * Returns: (transfer floating): the new widget
 */
GtkWidget *trellis_collection_widget_new(const TrellisCollectionWidgetCallbacks *callbacks);

/**
 * trellis_collection_widget_get_hadjustment:
 * @widget: a #TrellisCollectionWidget
 *
 * Returns: (transfer none): the horizontal adjustment (never %NULL: a fresh one until the
 *   scrolled window sets its own)
 */
GtkAdjustment *trellis_collection_widget_get_hadjustment(TrellisCollectionWidget *widget);

/**
 * trellis_collection_widget_get_vadjustment:
 * @widget: a #TrellisCollectionWidget
 *
 * Returns: (transfer none): the vertical adjustment (never %NULL)
 */
GtkAdjustment *trellis_collection_widget_get_vadjustment(TrellisCollectionWidget *widget);

/**
 * trellis_collection_widget_configure_adjustment:
 * @widget: a #TrellisCollectionWidget
 * @orientation: which adjustment
 * @value: the new value (the content offset along @orientation)
 * @lower: the lowest value
 * @upper: the highest value plus @page_size
 * @page_size: the visible length
 * @step_increment: what an arrow on the scrollbar moves by
 * @page_increment: what Page Up and Page Down move by
 *
 * Sets an adjustment's value, bounds, page and increments at once
 * (gtk_adjustment_configure) without telling the host: the host maps the content offset
 * onto the value after each layout.
 */
void trellis_collection_widget_configure_adjustment(TrellisCollectionWidget *widget, GtkOrientation orientation, double value,
                                                    double lower, double upper, double page_size, double step_increment,
                                                    double page_increment);

/**
 * trellis_collection_widget_animations_enabled:
 * @widget: a #TrellisCollectionWidget
 *
 * Returns: #GtkSettings:gtk-enable-animations for the widget's display (scroll animations
 *   follow it)
 */
gboolean trellis_collection_widget_animations_enabled(TrellisCollectionWidget *widget);

/// Swift-friendly casts.
static inline GtkWidget *trellis_collection_widget_as_widget(TrellisCollectionWidget *widget) { return GTK_WIDGET(widget); }
static inline TrellisCollectionWidget *trellis_collection_widget_from_widget(GtkWidget *widget) { return TRELLIS_COLLECTION_WIDGET(widget); }
static inline GtkWindow *trellis_as_window(GtkWidget *widget) { return GTK_WINDOW(widget); }
static inline GtkScrolledWindow *trellis_as_scrolled_window(GtkWidget *widget) { return GTK_SCROLLED_WINDOW(widget); }
static inline gboolean trellis_is_scrolled_window(GtkWidget *widget) { return GTK_IS_SCROLLED_WINDOW(widget); }
static inline GtkBox *trellis_as_box(GtkWidget *widget) { return GTK_BOX(widget); }
static inline GtkLabel *trellis_as_label(GtkWidget *widget) { return GTK_LABEL(widget); }
static inline GtkDropDown *trellis_as_drop_down(GtkWidget *widget) { return GTK_DROP_DOWN(widget); }
static inline GtkListBox *trellis_as_list_box(GtkWidget *widget) { return GTK_LIST_BOX(widget); }
static inline GtkListBoxRow *trellis_as_list_box_row(GtkWidget *widget) { return GTK_LIST_BOX_ROW(widget); }
static inline GtkWidget *trellis_list_box_row_as_widget(GtkListBoxRow *row) { return GTK_WIDGET(row); }
static inline GtkStackSidebar *trellis_as_stack_sidebar(GtkWidget *widget) { return GTK_STACK_SIDEBAR(widget); }
static inline GtkStack *trellis_as_stack(GtkWidget *widget) { return GTK_STACK(widget); }
static inline GtkEventController *trellis_as_controller(gpointer controller) { return GTK_EVENT_CONTROLLER(controller); }
static inline GtkGesture *trellis_as_gesture(gpointer gesture) { return GTK_GESTURE(gesture); }
static inline GtkGestureSingle *trellis_as_gesture_single(gpointer gesture) { return GTK_GESTURE_SINGLE(gesture); }
static inline GtkShortcutController *trellis_as_shortcut_controller(GtkEventController *controller) { return GTK_SHORTCUT_CONTROLLER(controller); }
static inline GApplication *trellis_as_application(GtkApplication *app) { return G_APPLICATION(app); }

/// g_signal_connect for Swift (the macro is not imported).
gulong trellis_signal_connect(gpointer instance, const char *signal, GCallback handler, gpointer data);

/// Whether the widget or one of its children (the accessible cells) has the keyboard focus.
gboolean trellis_collection_widget_has_focus(TrellisCollectionWidget *widget);

/// Gives the widget itself the keyboard focus (not the child @focus_target names).
void trellis_collection_widget_grab_focus_self(TrellisCollectionWidget *widget);

/**
 * trellis_accessible_cell_new:
 * @role: the accessible role (grid cell, list item, row)
 *
 * A child widget standing for one displayed cell to assistive technologies: it draws
 * nothing (the collection widget draws the cells), takes no pointer input (input goes to
 * the collection widget under it), can hold the keyboard focus so that the focused cell is
 * GTK's focus, and sizes to whatever it is allocated. GTK 4.8 exposes only widgets to
 * AT-SPI (an app cannot implement #GtkAccessible before 4.10).
 *
 * Returns: (transfer floating): the new widget
 */
#define TRELLIS_TYPE_ACCESSIBLE_CELL (trellis_accessible_cell_get_type())
G_DECLARE_FINAL_TYPE(TrellisAccessibleCell, trellis_accessible_cell, TRELLIS, ACCESSIBLE_CELL, GtkWidget)

GtkWidget *trellis_accessible_cell_new(GtkAccessibleRole role);

/**
 * trellis_accessible_collection_new:
 * @role: the accessible role (grid or list; row for a row of cells)
 *
 * The collection as assistive technologies see it: a child of the collection widget that
 * holds the cells' children (trellis_accessible_cell_new), directly or in rows (widgets of
 * this type with the row role). It draws nothing and takes no input; its own allocation
 * does not place its children. The host allocates each child
 * once in the content's coordinates (from an origin it chooses) and moves them all at once
 * with this widget's transform (trellis_widget_allocate_translated): a scroll then costs
 * one allocation, not one per cell in view.
 *
 * Returns: (transfer floating): the new widget
 */
#define TRELLIS_TYPE_ACCESSIBLE_COLLECTION (trellis_accessible_collection_get_type())
G_DECLARE_FINAL_TYPE(TrellisAccessibleCollection, trellis_accessible_collection, TRELLIS, ACCESSIBLE_COLLECTION, GtkWidget)

GtkWidget *trellis_accessible_collection_new(GtkAccessibleRole role);

/// Allocates @widget at @width × @height, translated by (@x, @y) in its parent
/// (gtk_widget_allocate with a translation, which Swift cannot build: graphene's point
/// initialiser is a macro). When only the translation changes, GTK does not run the
/// widget's size_allocate again.
void trellis_widget_allocate_translated(GtkWidget *widget, int width, int height, double x, double y);

/// Whether assistive technologies can read @widget: GTK gave it a context that exports it
/// (AT-SPI), not its test context, which it falls back to when it cannot reach an
/// accessibility bus over D-Bus, or with `GTK_A11Y=test`. A widget keeps the context it
/// was given, so the answer does not change while it lives.
gboolean trellis_accessible_is_exported(GtkWidget *widget);

/// Whether any assistive technology has subscribed to AT-SPI events (the AT-SPI registry's
/// subscriptions); %TRUE until the registry has answered (or when it cannot be reached).
/// The first call starts following the registry (asynchronously, on GTK's main context).
gboolean trellis_accessibility_has_listeners(void);

/// Queues a resize of @widget whenever trellis_accessibility_has_listeners() changes, for as
/// long as the widget lives.
void trellis_accessibility_listeners_watch(GtkWidget *widget);

/// Gives @widget, already in a window but not yet realized, its AT-SPI object, so that the
/// event presenting it to assistive technologies names it (GTK 4.8 realizes an accessible
/// context only when a client asks for it or a platform state changes).
void trellis_accessible_realize_context(GtkWidget *widget);

/// Sets the accessible label and description of @widget (%NULL: removes it).
void trellis_accessible_set_label(GtkWidget *widget, const char *label, const char *description);

/// Sets (or with %NULL removes) one string property (GTK_ACCESSIBLE_PROPERTY_LABEL,
/// _DESCRIPTION): each change is an AT-SPI event GTK sends at once, so a caller sets only
/// the property that changed.
void trellis_accessible_set_string_property(GtkWidget *widget, GtkAccessibleProperty property, const char *value);

/// Sets (or with @value -1 removes) one accessible state (GTK_ACCESSIBLE_STATE_SELECTED,
/// _EXPANDED, …), as a boolean: gtk_accessible_update_state is variadic.
void trellis_accessible_set_boolean_state(GtkWidget *widget, GtkAccessibleState state, int value);

/// Sets (or with @value -1 removes) an integer relation (GTK_ACCESSIBLE_RELATION_ROW_COUNT,
/// _COL_COUNT, _ROW_INDEX, _COL_INDEX, …).
void trellis_accessible_set_integer_relation(GtkWidget *widget, GtkAccessibleRelation relation, int value);

/// Sets the accessible role of @widget; only before GTK realizes its accessible (when it
/// is first shown to an assistive technology), after which GTK keeps the role.
void trellis_accessible_set_role(GtkWidget *widget, GtkAccessibleRole role);

/// Sets the accessible label of @widget to @label (the gallery's drop-downs).
void trellis_accessible_set_name(GtkWidget *widget, const char *label);

/// The X11 window id of the widget's toplevel surface, or 0 when it is not in a window or
/// GDK does not draw on X11: the debug output's frame lines name it, so a test driving the
/// window from outside (xdotool, xwd) finds it.
unsigned long trellis_collection_widget_x11_window(TrellisCollectionWidget *widget);

/// Where a pointer event happened in the widget's coordinates (events carry their
/// surface's). False when the event has no position or the widget is not in a window.
gboolean trellis_collection_widget_event_position(TrellisCollectionWidget *widget, GdkEvent *event, double *x, double *y);

/**
 * TrellisMenuItemKind:
 * How a menu item shows its action's state: plain, a check mark (on), or a radio
 * button (one of a single-selection menu's items).
 */
typedef enum { TRELLIS_MENU_ITEM_PLAIN, TRELLIS_MENU_ITEM_CHECK, TRELLIS_MENU_ITEM_RADIO } TrellisMenuItemKind;

/**
 * trellis_menu_append_item:
 * @menu: the menu (or section, or submenu) the item goes at the end of
 * @actions: the action group the item's action goes into; the popover finds it as
 *   "trellismenu" (trellis_menu_popover_new)
 * @label: the item's text
 * @index: the item's number: its action is "item-@index", and @activated is called with it
 * @kind: how the item shows @on
 * @on: whether the item's action is on (a check mark, or the chosen radio button)
 * @enabled: whether the item can be chosen
 * @activated: called when a person chooses the item, with @context and @index
 *
 * Appends a #GMenuItem whose action is a #GSimpleAction of its own — stateful as @kind
 * needs, so #GtkPopoverMenu draws the check mark or radio button — to @menu.
 */
void trellis_menu_append_item(GMenu *menu, GSimpleActionGroup *actions, const char *label, int index, TrellisMenuItemKind kind,
                              gboolean on, gboolean enabled, void (*activated)(void *context, int index), void *context);

/**
 * trellis_menu_append_menu:
 * Appends @submenu to @menu: as a section between separators when @inline_section (a
 * menu shown inline), else as a submenu titled @label.
 */
void trellis_menu_append_menu(GMenu *menu, const char *label, GMenu *submenu, gboolean inline_section);

/**
 * trellis_menu_popover_new:
 * @parent: the widget the popover is attached to (its size_allocate presents it)
 * @menu: the menu model
 * @actions: the items' actions (group "trellismenu")
 * @x, @y, @width, @height: what the popover points at, in @parent's coordinates
 *
 * Returns: (transfer none): a #GtkPopoverMenu for @menu below the rectangle, parented to
 *   @parent, not yet shown (gtk_popover_popup)
 */
GtkWidget *trellis_menu_popover_new(GtkWidget *parent, GMenu *menu, GSimpleActionGroup *actions, int x, int y, int width, int height);

/// Whether @widget is a #GtkPopover.
static inline gboolean trellis_is_popover(GtkWidget *widget) { return GTK_IS_POPOVER(widget); }
static inline GtkPopover *trellis_as_popover(GtkWidget *widget) { return GTK_POPOVER(widget); }

G_END_DECLS

#endif
