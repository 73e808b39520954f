import Foundation   // the environment, standard output and String(format:) below
import Trellis
import TrellisGTK   // brings GTK's C API along: gtk_*, g_*
import TrellisKit
import TrellisPango
import TrellisText

// Foundation declares an IndexPath too: the app's own declaration settles which one
// this module means (docs/Architecture.md, "IndexPath and Foundation").
typealias IndexPath = Trellis.IndexPath

/// A contact: the name over the phone number. The labels sit in a vertical stack pinned
/// inside the cell, so the cell's height is its text's — no height is written anywhere.
final class ContactCell: CollectionViewCell {
    let name = Label()
    let phone = Label()

    required init() {
        super.init()
        phone.font = Font(size: 12)
        phone.textColor = .gray
        let stack = StackView(arrangedSubviews: [name, phone], axis: .vertical, spacing: 2)
        stack.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(stack)
        LayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 12),
            stack.trailingAnchor.constraint(lessThanOrEqualTo: contentView.trailingAnchor, constant: -12),
            stack.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
            stack.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -8),
        ])
    }
}

/// The data source and delegate, as in UIKit: counts, cells, stable identities; the
/// selection (a click, Space, arrow keys) and the primary action (a double-click, Enter)
/// come as two different calls.
final class Contacts: CollectionViewDataSource, CollectionViewDelegate {
    struct Person {
        var name: String
        var phone: String
    }

    let people: [Person]
    var selected: (Person) -> Void = { _ in }
    var opened: (Person) -> Void = { _ in }

    init(people: [Person]) { self.people = people }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        people.count
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "contact", for: indexPath) as! ContactCell
        cell.name.text = people[indexPath.item].name
        cell.phone.text = people[indexPath.item].phone
        return cell
    }

    func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable {
        people[indexPath.item].phone
    }

    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        selected(people[indexPath.item])
    }

    func collectionView(_ collectionView: CollectionView, performPrimaryActionForItemAt indexPath: IndexPath) {
        opened(people[indexPath.item])
    }
}

/// The window: a status line over the collection, in a vertical box. The collection view
/// sits in a `CollectionWidget`, which goes into a `GtkScrolledWindow` for scrollbars,
/// wheel, touchpad and keys.
@MainActor
func makeWindow(app: UnsafeMutablePointer<GtkApplication>, contacts: Contacts) -> CollectionWidget {
    let collectionView = CollectionView(layout: ListLayout())
    collectionView.register(ContactCell.self, forCellWithReuseIdentifier: "contact")
    collectionView.estimatedItemSize = .automatic   // each row measured when it comes into view
    collectionView.dataSource = contacts
    collectionView.delegate = contacts

    let host = CollectionWidget(collectionView: collectionView)
    host.retain(contacts)   // the collection view holds its data source and delegate weakly

    let status = gtk_label_new("Double-click a contact or press Enter to open it")!
    contacts.selected = { person in gtk_label_set_text(GtkCast.label(status), "Selected: \(person.name)") }
    contacts.opened = { person in gtk_label_set_text(GtkCast.label(status), "Opened: \(person.name)") }

    let scrolled = host.makeScrolledWindow()
    gtk_widget_set_vexpand(scrolled, 1)
    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
    gtk_box_append(GtkCast.box(box), status)
    gtk_box_append(GtkCast.box(box), scrolled)

    let window = gtk_application_window_new(app)!
    gtk_window_set_title(GtkCast.window(window), "Contacts")
    gtk_window_set_default_size(GtkCast.window(window), 360, 560)
    gtk_window_set_child(GtkCast.window(window), box)
    gtk_window_present(GtkCast.window(window))
    return host
}

// Before GTK opens the display: GSK's Cairo renderer where there is no GPU (the widget
// draws with Cairo anyway), and Pango to measure the labels, as the widget draws them.
RendererChoice.cairoWithoutGPU.apply()
DefaultTextMeasurer.install(PangoTextMeasurer.shared)

let contacts = Contacts(people: (0..<5_000).map { number in
    Contacts.Person(name: "Contact \(number)", phone: "+1 555 " + String(format: "%04d", number))
})
let app = gtk_application_new("org.example.Contacts", G_APPLICATION_NON_UNIQUE)!
GtkSignal.connect(UnsafeMutableRawPointer(app), "activate") {
    let host = makeWindow(app: app, contacts: contacts)
    // The widget's JSON line per frame and input event, for tests and diagnostics.
    if ProcessInfo.processInfo.environment["TRELLIS_GTK_DEBUG"] == "1" {
        host.debugOutput = { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
    }
}
exit(g_application_run(GtkCast.application(app), 0, nil))
